import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as PS

mesh = jax.make_mesh((2, 2), ("dp", "mp"))
BATCH = NamedSharding(mesh, PS("dp", None))

row_dot = functools.partial(jnp.dot, out_sharding=BATCH)


class TPBlock(eqx.Module):
    w_up: jax.Array
    w_down: jax.Array

    def __call__(self, x):
        h = jax.nn.relu(jnp.dot(x, self.w_up))
        return row_dot(h, self.w_down)


a, b = jax.random.split(jax.random.key(0))
block = TPBlock(jax.device_put(jax.random.normal(a, (32, 128)), NamedSharding(mesh, PS(None, "mp"))),
                jax.device_put(jax.random.normal(b, (128, 32)), NamedSharding(mesh, PS("mp", None))))
x = jax.device_put(jnp.ones((16, 32)), BATCH)


@eqx.filter_jit
def loss(block, x):
    return jnp.sum(block(x) ** 2)


grad_fn = jax.jit(jax.grad(lambda b, x: loss(b, x)))
print(grad_fn.trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
