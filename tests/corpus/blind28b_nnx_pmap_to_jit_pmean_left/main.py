"""A pmap training step moved to jax.jit + NamedSharding; the pmean from the pmap version stayed."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class CNNHead(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(64, 128, rngs=rngs)
        self.out = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.dense(x)))


mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("batch"))

model = CNNHead(nnx.Rngs(params=0))
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(3e-4))
graphdef, params = nnx.split(model, nnx.Param)
opt_state = tx.init(params)


def train_step(params, opt_state, images, labels):
    def loss_fn(p):
        logits = nnx.merge(graphdef, p)(images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    # was: jax.pmap(train_step, axis_name="batch")
    grads = jax.lax.pmean(grads, axis_name="batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


train_step = jax.jit(train_step, donate_argnums=(0, 1))

images = jax.device_put(jnp.zeros((64, 64)), data_sharding)
labels = jax.device_put(jnp.zeros((64,), jnp.int32), data_sharding)
lowered = train_step.trace(params, opt_state, images, labels).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
