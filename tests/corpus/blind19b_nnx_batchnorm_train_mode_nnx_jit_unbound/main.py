import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(3, 16, (3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(16, axis_name="batch", rngs=rngs)
        self.head = nnx.Linear(16, 10, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        return self.head(h.mean((1, 2)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


model = Net(nnx.Rngs(0))
model.eval()
model.train()
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x = jnp.ones((8, 32, 32, 3))
y = jnp.zeros((8,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
