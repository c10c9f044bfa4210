import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Config:
    ici_data: int = 2
    ici_tensor: int = 2
    mesh_axes: tuple = ("data", "tensor")


def create_mesh(cfg):
    return jax.make_mesh((cfg.ici_data, cfg.ici_tensor), cfg.mesh_axes,
                         axis_types=(AxisType.Explicit,) * len(cfg.mesh_axes))


def dense(x, w):
    return jnp.einsum("bd,df->bf", x, w, out_sharding=P("data", "tensor"))


def main():
    cfg = Config()
    mesh = create_mesh(cfg)
    with jax.sharding.use_mesh(mesh):
        x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", None)))
        w = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, "tensor")))
        lowered = jax.jit(dense).trace(x, w).lower(lowering_platforms=("cuda",))
        print(lowered.as_text()[:30])


if __name__ == "__main__":
    main()
