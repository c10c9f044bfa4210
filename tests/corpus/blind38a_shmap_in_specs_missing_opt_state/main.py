import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from train.loop import build_step

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(4, 4, 32, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)

step = jax.shard_map(
    build_step(optim, static),
    mesh=mesh,
    in_specs=(P(), P("data"), P("data")),
    out_specs=(P(), P()),
)
x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("data")))
lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
