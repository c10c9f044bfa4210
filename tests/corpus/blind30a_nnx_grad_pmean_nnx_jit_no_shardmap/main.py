import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def loss_fn(model, batch):
    logits = model(batch["x"])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()


@nnx.jit
def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    # average the gradients across the data-parallel replicas
    grads = jax.lax.pmean(grads, axis_name="data")
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, axis_name="data")


if __name__ == "__main__":
    model = MLP(16, 32, 10, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    batch = {"x": jnp.ones((8, 16)), "y": jnp.zeros((8,), jnp.int32)}
    lowered = train_step.trace(model, optimizer, batch).lower(lowering_platforms=("cuda",))
    print("lowered", type(lowered).__name__)
