import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "batch"
mesh = jax.make_mesh((4,), (AXIS,))

model = eqx.nn.MLP(in_size=4, out_size=2, width_size=16, depth=2, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)


def local_grads(params, x, y):
    def loss(params):
        m = eqx.combine(params, static)
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    l, g = jax.value_and_grad(loss)(params)
    return l, lax.pmean(g, AXIS)


sharded_grads = jax.shard_map(
    local_grads,
    mesh=mesh,
    in_specs=(P(), P(AXIS), P(AXIS)),
    out_specs=(P(), P()),
)


def step(params, opt_state, x, y):
    loss, grads = sharded_grads(params, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, loss


params = jax.device_put(params, NamedSharding(mesh, P()))
x = jax.device_put(jnp.ones((32, 4)), NamedSharding(mesh, P(AXIS)))
y = jax.device_put(jnp.ones((32, 2)), NamedSharding(mesh, P(AXIS)))
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
