import jax
import jax.numpy as jnp
from jax import export
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Explicit, AxisType.Explicit))

SPECS = {"wq": P("fsdp", "tp"), "wo": P("tp", "fsdp"), "norm": P()}
SHAPES = {"wq": (64, 128), "wo": (128, 64), "norm": (64,)}


def init_params(key):
    keys = jax.random.split(key, len(SPECS))
    params = {}
    for k, name in zip(keys, sorted(SPECS)):
        if name == "norm":
            params[name] = jnp.ones(SHAPES[name], out_sharding=SPECS[name])
        else:
            params[name] = jax.random.normal(k, SHAPES[name], out_sharding=SPECS[name]) * 0.02
    return params


with jax.set_mesh(mesh):
    exp = export.export(jax.jit(init_params), platforms=("cuda",))(jax.random.key(0))
    print(len(exp.out_avals), jax.typeof(jnp.ones(4, out_sharding=P("fsdp"))).sharding.spec)
