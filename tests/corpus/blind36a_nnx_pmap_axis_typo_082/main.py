import jax
import jax.numpy as jnp
from flax import nnx

from train.sync import all_reduce_mean


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


@nnx.pmap(axis_name="devices", in_axes=(None, 0, 0), out_axes=0)
def grad_step(model, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = all_reduce_mean(grads)
    return jax.lax.pmean(loss, axis_name="devices"), grads


model = MLP(8, 32, 1, rngs=nnx.Rngs(0))
x = jnp.ones((4, 16, 8))   # (devices, per-device batch, features)
y = jnp.zeros((4, 16, 1))
step = nnx.jit(lambda m, x, y: grad_step(m, x, y))
print(step.trace(model, x, y).lower(lowering_platforms=("cuda",)).lowered.as_text()[:20])
