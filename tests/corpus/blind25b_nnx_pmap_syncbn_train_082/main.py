import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(3, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, axis_name="device", rngs=rngs)
        self.fc = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.fc(x.mean(axis=(1, 2)))


def train_step(graphdef, state, images, labels):
    model, opt = nnx.merge(graphdef, state)

    def loss_fn(model):
        logits = model(images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, axis_name="device")
    opt.update(model, grads)
    _, state = nnx.split((model, opt))
    return state, jax.lax.pmean(loss, "device")


model = ConvNet(nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.01, momentum=0.9), wrt=nnx.Param)
graphdef, state = nnx.split((model, opt))

n = jax.local_device_count()
rep_state = jax.tree.map(lambda a: jnp.broadcast_to(a, (n,) + a.shape), state)
p_step = jax.pmap(train_step, axis_name="device", static_broadcasted_argnums=(0,))
images = jnp.ones((n, 2, 8, 8, 3))
labels = jnp.zeros((n, 2), jnp.int32)
lowered = jax.jit(p_step, static_argnums=(0,)).trace(graphdef, rep_state, images, labels).lower(
    lowering_platforms=("cuda",))
print("ok")
