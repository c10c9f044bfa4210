import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from layers import FeedForward

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

ffn = FeedForward(128, 512, key=jax.random.key(0), out_sharding=P("data", None))
ffn = eqx.tree_at(lambda m: m.up.weight, ffn, jax.device_put(ffn.up.weight, P("model", None)))
ffn = eqx.tree_at(lambda m: m.up.bias, ffn, jax.device_put(ffn.up.bias, P("model")))
ffn = eqx.tree_at(lambda m: m.down.weight, ffn, jax.device_put(ffn.down.weight, P(None, "model")))

params, static = eqx.partition(ffn, eqx.is_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)


@jax.jit
def train_step(params, opt_state, x, y):
    def loss(params):
        return jnp.mean((eqx.combine(params, static)(x) - y) ** 2)

    value, grads = jax.value_and_grad(loss)(params)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, value


x = jax.device_put(jnp.ones((32, 128)), P("data", None))
y = jax.device_put(jnp.zeros((32, 128)), P("data", None))
lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
