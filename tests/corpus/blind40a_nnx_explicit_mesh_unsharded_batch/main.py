import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)


@nnx.jit
def eval_step(model, x, labels):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
    def local_acc(model, x, labels):
        pred = jnp.argmax(model(x), axis=-1)
        correct = jnp.sum(pred == labels)
        return jax.lax.psum(correct, "data")

    return local_acc(model, x, labels)


model = Classifier(nnx.Rngs(0))
x = jnp.ones((16, 8))
labels = jnp.zeros((16,), jnp.int32)
print(eval_step.trace(model, x, labels).lower(lowering_platforms=("cuda",)).as_text()[:80])
