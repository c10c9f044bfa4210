import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, AxisType

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(20, 5, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


model = Classifier(nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
def eval_step(model, x, y):
    correct = jnp.sum(jnp.argmax(model(x), -1) == y)
    return jax.lax.psum(correct, "data")


# last (partial) batch of the eval set: 1000 % 32 == 8 ... here 10 examples
x = jnp.ones((10, 20))
y = jnp.zeros((10,), jnp.int32)
print(jax.jit(eval_step).trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:10])
