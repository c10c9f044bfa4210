# Name of the mesh axis that the collective helpers reduce over unless told otherwise.
AXIS = "x"

__all__ = ["AXIS"]
