RING = "ring"
