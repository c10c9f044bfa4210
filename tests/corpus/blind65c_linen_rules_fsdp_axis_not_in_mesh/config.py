def get_config():
  return {
      "mesh_shape": (2, 2),
      "mesh_axes": ("data", "tensor"),
      "d_model": 256,
      "d_ff": 1024,
      "num_classes": 16,
      "learning_rate": 1e-3,
      "batch_size": 32,
  }
