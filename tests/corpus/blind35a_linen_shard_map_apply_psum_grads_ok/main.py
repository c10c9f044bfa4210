import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from steps import make_local_step


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(64)(x)
        x = nn.LayerNorm()(x)
        return nn.Dense(10)(nn.silu(x))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))
model = MLP()
tx = optax.adamw(1e-3)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 12)))["params"]
opt_state = tx.init(params)

step = make_local_step(model, tx)
step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=(P(), P(), P()))
step = jax.jit(step)

x = jax.device_put(jnp.ones((32, 12)), jax.NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((32,), jnp.int32), jax.NamedSharding(mesh, P("data")))
step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
