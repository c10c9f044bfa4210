"""The imagenet example moved from pmap to jit + NamedSharding (automatic partitioning).
The model still asks BatchNorm to average its statistics over axis 'batch', which only pmap bound."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from models import ResNet18Lite

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
model = ResNet18Lite()
tx = optax.adamw(1e-3)


def cross_entropy_loss(logits, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def train_step(params, batch_stats, opt_state, batch):
    def loss_fn(p):
        logits, new_model_state = model.apply(
            {"params": p, "batch_stats": batch_stats}, batch["image"], mutable=["batch_stats"])
        return cross_entropy_loss(logits, batch["label"]), new_model_state

    (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), new_model_state["batch_stats"], opt_state, loss


# init without the cross-device statistics (train=False skips the pmean)
variables = jax.jit(lambda x: model.init(jax.random.PRNGKey(0), x, train=False))(
    jnp.ones((1, 32, 32, 3)))
params, batch_stats = variables["params"], variables["batch_stats"]
opt_state = tx.init(params)

data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())
batch = {
    "image": jax.device_put(jnp.ones((32, 32, 32, 3)), data_sharding),
    "label": jax.device_put(jnp.zeros((32,), jnp.int32), data_sharding),
}
p_train_step = jax.jit(train_step, donate_argnums=(0, 1, 2))
lowered = p_train_step.trace(params, batch_stats, opt_state, batch).lower(
    lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
