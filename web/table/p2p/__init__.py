"""Play with a friend: the host's and the guest's tables, the link between the two
devices, the short codes that carry a handshake, and the QR code that shows one."""
