"""Explicit-sharding style NNX code run on JAX 0.8, whose jax.make_mesh axes are Auto."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(32, 64, rngs=rngs)
        self.head = nnx.Linear(64, 4, rngs=rngs)

    def __call__(self, x):
        x = jax.sharding.reshard(x, P("data", None))
        return self.head(nnx.relu(self.hidden(x)))


@nnx.jit
def predict(model, x):
    return jnp.argmax(model(x), axis=-1)


with jax.set_mesh(mesh):
    model = Classifier(nnx.Rngs(0))
    x = jnp.ones((16, 32))
    lowered = predict.trace(model, x).lower(lowering_platforms=("cuda",))
print("ok")
