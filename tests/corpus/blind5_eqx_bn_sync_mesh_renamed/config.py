CONFIG = {
    "mesh_axes": ("dp",),
    "mesh_shape": (4,),
    "channels": 4,
    "depth": 2,
    # statistics are synchronised over the per-device batch and across devices
    "bn_axes": ("batch", "data"),
}
