CONFIG = {
    "mesh_shape": (2, 2),
    "mesh_axes": ("data", "tensor"),
    "batch_axis": "data",
    # renamed from "model" when the mesh grew a data axis
    "tp_axis": "model",
    "d_model": 16,
    "d_ff": 64,
}
