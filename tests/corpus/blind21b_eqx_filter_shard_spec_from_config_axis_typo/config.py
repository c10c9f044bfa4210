TRAIN = {
    "batch_size": 32,
    "mesh_axes": ("batch",),
    "batch_axis": "data",
    "lr": 3e-4,
}
