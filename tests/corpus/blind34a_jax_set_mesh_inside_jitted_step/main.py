import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from utils import maybe_mesh

mesh = jax.make_mesh((4,), ("data",))


def loss(w, x):
    return jnp.mean(jnp.tanh(x @ w) ** 2)


@jax.jit
def train_step(w, x):
    with maybe_mesh(mesh):
        x = jax.sharding.reshard(x, P("data", None))
        g = jax.grad(loss)(w, x)
    return w - 0.1 * g


w = jnp.zeros((16, 4))
x = jnp.ones((32, 16))
print(train_step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
