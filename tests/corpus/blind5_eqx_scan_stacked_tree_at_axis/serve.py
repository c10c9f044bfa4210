import dataclasses

import equinox as eqx


@dataclasses.dataclass(frozen=True)
class ServeConfig:
    mesh_shape: tuple = (1, 4)
    mesh_axes: tuple = ("data", "tensor")
    # name of the tensor-parallel axis used by the serving stack
    tp_axis: str = "model"
    depth: int = 3
    dim: int = 16
    hidden: int = 64


def retarget(model, cfg: ServeConfig):
    """Point every block's collectives at the serving mesh's tensor axis."""
    return eqx.tree_at(lambda m: m.layers.axis_name, model, cfg.tp_axis)
