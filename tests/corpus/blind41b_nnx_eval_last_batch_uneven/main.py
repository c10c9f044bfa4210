"""NNX MNIST-style eval loop over a dataset whose last batch is short (JAX 0.8, Explicit mesh)."""
import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Explicit,))
data_sharding = NamedSharding(mesh, P("batch"))


class CNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
        self.conv2 = nnx.Conv(16, 32, kernel_size=(3, 3), rngs=rngs)
        self.linear = nnx.Linear(7 * 7 * 32, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.avg_pool(nnx.relu(self.conv1(x)), window_shape=(2, 2), strides=(2, 2))
        x = nnx.avg_pool(nnx.relu(self.conv2(x)), window_shape=(2, 2), strides=(2, 2))
        x = x.reshape(x.shape[0], -1)
        return self.linear(x)


@nnx.jit
def eval_step(model, images, labels):
    logits = model(images)
    return jnp.mean(jnp.argmax(logits, -1) == labels)


def batches(images, labels, batch_size):
    for i in range(0, len(images), batch_size):
        yield images[i:i + batch_size], labels[i:i + batch_size]


test_images = np.zeros((70, 28, 28, 1), np.float32)
test_labels = np.zeros((70,), np.int32)

with jax.set_mesh(mesh):
    model = CNN(rngs=nnx.Rngs(0))
    for imgs, lbls in batches(test_images, test_labels, 32):
        imgs = jax.device_put(imgs, data_sharding)
        lbls = jax.device_put(lbls, data_sharding)
        eval_step.trace(model, imgs, lbls).lower(lowering_platforms=("cuda",))
print("eval lowered")
