import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, AxisType

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(20, 5, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


model = Classifier(nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def eval_step(model, x, y):
    logits = model(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    metrics = {"loss": jax.lax.pmean(loss, "data"), "accuracy": jax.lax.pmean(acc, "data")}
    return metrics["loss"], metrics["accuracy"], jax.lax.psum(x.shape[0], "data")


x = jnp.ones((16, 20))
y = jnp.zeros((16,), jnp.int32)
print(jax.jit(eval_step).trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:10])
