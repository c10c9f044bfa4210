from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("dp", "tp"))


def dense(x, w, out_spec=None):
    return jnp.dot(x, w, out_sharding=out_spec)


col = partial(dense)
row = partial(dense, out_spec=P("dp", None))


def forward(params, x):
    h = jax.nn.relu(col(x, params["w1"]))
    return row(h, params["w2"])


tx = optax.sgd(1e-2)


def train_step(params, opt_state, x):
    loss, g = jax.value_and_grad(lambda p: jnp.mean(forward(p, x) ** 2))(params)
    upd, opt_state = tx.update(g, opt_state)
    return optax.apply_updates(params, upd), opt_state, loss


with jax.set_mesh(mesh):
    params = {
        "w1": jax.device_put(jnp.ones((16, 64)), P(None, "tp")),
        "w2": jax.device_put(jnp.ones((64, 16)), P("tp", None)),
    }
    opt_state = tx.init(params)
    x = jax.device_put(jnp.ones((8, 16)), P("dp", None))
    lowered = jax.jit(train_step).trace(params, opt_state, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
