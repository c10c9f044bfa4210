import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(20, 5, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


def accuracy(logits, labels):
    correct = jnp.sum(jnp.argmax(logits, -1) == labels)
    return jax.lax.psum(correct, "data") / jax.lax.psum(labels.shape[0], "data")


@nnx.jit
def eval_step(model, x, labels):
    logits = model(x)
    return jax.shard_map(accuracy, in_specs=(P("data"), P("data")), out_specs=P())(logits, labels)


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
    model = Classifier(nnx.Rngs(0))
    x = jnp.ones((16, 20))
    labels = jnp.zeros((16,), jnp.int32)
    print(eval_step.trace(model, x, labels).lower(lowering_platforms=("cuda",)).as_text()[:20])
