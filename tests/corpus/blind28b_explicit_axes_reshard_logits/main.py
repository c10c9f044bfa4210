"""Explicit-sharding training step: activations resharded between layers with jax.sharding.reshard."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)


def init(key):
    k1, k2 = jax.random.split(key)
    w1 = jax.random.normal(k1, (32, 64), out_sharding=P(None, "Y")) * 0.05
    w2 = jax.random.normal(k2, (64, 8), out_sharding=P("Y", None)) * 0.05
    return {"w1": w1, "w2": w2}


def loss_fn(params, x, y):
    h = jax.nn.relu(x @ params["w1"])          # (X, Y)
    logits = jnp.einsum("bh,hk->bk", h, params["w2"], out_sharding=P("X", None))
    logits = reshard(logits, P("X", None))
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


tx = optax.lion(1e-4)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


params = init(jax.random.key(0))
opt_state = tx.init(params)
x = jax.device_put(jnp.ones((16, 32)), P("X", None))
y = jax.device_put(jnp.zeros((16,), jnp.int32), P("X"))
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
