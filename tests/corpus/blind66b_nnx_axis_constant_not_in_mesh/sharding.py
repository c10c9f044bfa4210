"""Mesh axis names shared by the model and the training loop."""
DATA = "data"
TENSOR = "tensor"

# activations: batch over data, hidden over the tensor-parallel axis
ACT_HIDDEN = (DATA, TENSOR)
