import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from nets import Classifier

mesh = jax.make_mesh((4,), ("data",))

model = Classifier(784, 512, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

# "Performance considerations": split once, jit a pure function of (graphdef, state).
graphdef, state = nnx.split((model, optimizer))


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def train_step(graphdef, state, x, y):
  model, optimizer = nnx.merge(graphdef, state)
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, "data")
  optimizer.update(model, grads)
  # keep BatchNorm running stats identical on every replica
  batch_stats = jax.lax.pmean(nnx.state(model, nnx.BatchStat), "data")
  nnx.update(model, batch_stats)
  _, state = nnx.split((model, optimizer))
  return state, jax.lax.pmean(loss, "data")


train_step = jax.jit(
    jax.shard_map(
        train_step,
        mesh=mesh,
        in_specs=(P(), P(), P("data"), P("data")),
        out_specs=(P(), P()),
    )
)

x = jnp.ones((128, 784), jnp.float32)
y = jnp.zeros((128,), jnp.int32)
lowered = train_step.trace(graphdef, state, x, y).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:200])
