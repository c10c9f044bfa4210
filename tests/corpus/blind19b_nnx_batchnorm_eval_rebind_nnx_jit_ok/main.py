import jax
import jax.numpy as jnp
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
def predict(model, x):
    return model(x).argmax(-1)


model = Net(nnx.Rngs(0))
model.eval()
x = jnp.ones((8, 32, 32, 3))
predict.trace(model, x).lower(lowering_platforms=("cuda",))
