from .collectives import ring_all_gather
