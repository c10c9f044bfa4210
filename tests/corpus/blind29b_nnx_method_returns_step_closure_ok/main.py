import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Classifier(nnx.Module):
    def __init__(self, din, nclass, *, rngs):
        self.hidden = nnx.Linear(din, 64, rngs=rngs)
        self.head = nnx.Linear(64, nclass, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.hidden(x)))

    def make_train_step(self, tx, axis_name="data"):
        """Returns a pure per-device step closing over this model's graphdef."""
        graphdef = nnx.graphdef(self)

        def step(params, opt_state, x, labels):
            def loss_fn(p):
                logits = nnx.merge(graphdef, p)(x)
                return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

            loss, grads = jax.value_and_grad(loss_fn)(params)
            grads = jax.lax.pmean(grads, axis_name)
            updates, opt_state = tx.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, axis_name)

        return step


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = Classifier(16, 10, rngs=nnx.Rngs(0))
tx = optax.adamw(1e-3)
params = nnx.state(model, nnx.Param)
opt_state = tx.init(params)

train_step = model.make_train_step(tx)
train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P(), P("data"), P("data")),
                           out_specs=(P(), P(), P()))
train_step = jax.jit(train_step, donate_argnums=(0, 1))

x = jnp.ones((32, 16))
labels = jnp.zeros((32,), jnp.int32)
lowered = train_step.trace(params, opt_state, x, labels).lower(lowering_platforms=("cuda",))
print("lowered")
