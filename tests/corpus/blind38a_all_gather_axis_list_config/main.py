import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from cfg.parallel import CONFIG

mesh = jax.make_mesh(tuple(CONFIG["mesh_shape"]), tuple(CONFIG["mesh_axes"]),
                     axis_types=(AxisType.Explicit,) * 2)
gather_axes = CONFIG["param_axes"]

layer = eqx.nn.Linear(64, 64, use_bias=False, key=jax.random.key(0))


def fsdp_forward(w_shard, x):
    w = jax.lax.all_gather(w_shard, gather_axes, axis=0, tiled=True)
    return x @ w.T


fsdp_forward = jax.shard_map(
    fsdp_forward, mesh=mesh, in_specs=(P(("fsdp", "tp")), P()), out_specs=P(), check_vma=False
)

with jax.set_mesh(mesh):
    w = jax.device_put(layer.weight, P(("fsdp", "tp")))
    x = jax.device_put(jnp.ones((8, 64)), P())
    lowered = jax.jit(fsdp_forward).trace(w, x).lower(lowering_platforms=("cuda",))
print("ok")
