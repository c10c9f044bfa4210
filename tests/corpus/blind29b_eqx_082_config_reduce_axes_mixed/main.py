import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from config import ParallelConfig

cfg = ParallelConfig()
mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes, axis_types=(AxisType.Auto,) * 2)
model = eqx.nn.Linear(8, 4, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def local_loss(params, x, y):
    m = eqx.combine(params, static)
    per_device = jnp.sum((jax.vmap(m)(x) - y) ** 2)
    return jax.lax.psum(per_device, cfg.loss_reduce_axes) / (x.shape[0] * 2)


loss = jax.shard_map(local_loss, mesh=mesh,
                     in_specs=(P(), P(cfg.data_axis), P(cfg.data_axis)), out_specs=P())
x, y = jnp.ones((8, 8)), jnp.ones((8, 4))
lowered = jax.jit(jax.grad(loss)).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
