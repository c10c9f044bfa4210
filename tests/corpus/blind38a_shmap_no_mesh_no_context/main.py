import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import P

from dp.train import make_step

mesh = jax.make_mesh((4,), ("dp",))
model = eqx.nn.MLP(4, 4, 64, 2, key=jax.random.key(3))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(3e-4)
opt_state = optim.init(params)

step = jax.shard_map(
    make_step(optim, static),
    in_specs=(P(), P(), P("dp"), P("dp")),
    out_specs=(P(), P(), P()),
)
x = jax.device_put(jnp.ones((16, 4)), jax.NamedSharding(mesh, P("dp")))
y = jax.device_put(jnp.ones((16, 4)), jax.NamedSharding(mesh, P("dp")))
params = jax.device_put(params, jax.NamedSharding(mesh, P()))
opt_state = jax.device_put(opt_state, jax.NamedSharding(mesh, P()))
lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
