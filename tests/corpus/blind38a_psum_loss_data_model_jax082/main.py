"""2D data x tensor parallel step: hidden units split over 'model', batch over 'data'.
The loss is summed over both axes to get a global scalar."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
mlp = eqx.nn.MLP(8, 8, 32, 1, activation=jax.nn.relu, key=jax.random.PRNGKey(0))
w1, b1 = mlp.layers[0].weight, mlp.layers[0].bias
w2, b2 = mlp.layers[1].weight, mlp.layers[1].bias


@partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P("model", None), P("model"), P(None, "model"), P(), P("data"), P("data")),
    out_specs=P(),
)
def loss_fn(w1, b1, w2, b2, x, y):
    h = jax.nn.relu(x @ w1.T + b1)
    out = jax.lax.psum(h @ w2.T, "model") + b2
    local = jnp.sum((out - y) ** 2)
    return jax.lax.psum(local, ("data", "model")) / (x.shape[0] * 2)


args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in
        zip((w1, b1, w2, b2, jnp.ones((16, 8)), jnp.ones((16, 8))),
            (P("model", None), P("model"), P(None, "model"), P(), P("data"), P("data")))]
lowered = jax.jit(loss_fn).trace(*args).lower(lowering_platforms=("cuda",))
print("ok")
