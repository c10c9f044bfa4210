"""One NNX model replica per device with nnx.pmap (axis_name="device"): the replicas' outputs are
averaged with pmean."""
import jax
import jax.numpy as jnp
from flax import nnx


class Head(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)


@nnx.pmap(in_axes=0, out_axes=0)
def make_heads(key):
    return Head(nnx.Rngs(key))


@nnx.pmap(in_axes=(0, 0), out_axes=0, axis_name="device")
def averaged(head, x):
    return jax.lax.pmean(head(x), "device")


heads = make_heads(jax.random.split(jax.random.key(0), 4))
out = averaged(heads, jnp.ones((4, 8, 16)))
print(out.shape)
