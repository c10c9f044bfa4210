RING = 'ring'
