from .ppermute import ppermute_right as ppermute_right
