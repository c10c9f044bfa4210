import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import MLPClassifier
from utils import dist

# global batch from the run config
GLOBAL_BATCH = 30
mesh = jax.make_mesh((4,), (dist.AXIS,))
jax.set_mesh(mesh)

model = MLPClassifier(64, 128, 10, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)


def loss_fn(params, images, labels):
    logits = nnx.merge(graphdef, params)(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def train_step(params, images, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
    grads, loss = dist.mean((grads, loss))
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return params, loss


train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(param_specs, P(dist.AXIS), P(dist.AXIS)),
                           out_specs=(param_specs, P()))
train_step = jax.jit(train_step, donate_argnums=0)

images = jnp.zeros((GLOBAL_BATCH, 64), jnp.float32)
labels = jnp.zeros((GLOBAL_BATCH,), jnp.int32)
print(train_step.trace(params, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
