import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

params = {
    "embed": jnp.zeros((512, 64)),
    "mlp": {"wi": jnp.zeros((64, 256)), "wo": jnp.zeros((256, 64))},
    "head": jnp.zeros((64, 512)),
}
specs = {
    "embed": P(None, "model"),
    "mlp": {"wi": P(None, "model"), "wo": P("model", None)},
    "head": P(None, "model"),
}
param_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
params = jax.device_put(params, param_shardings)

labels = {"embed": "frozen", "mlp": {"wi": "train", "wo": "train"}, "head": "train"}
tx = optax.multi_transform({"train": optax.adamw(1e-3), "frozen": optax.set_to_zero()}, labels)
# the moments inherit the param shardings; the scalar step counters are
# committed to one device, so replicate them over the mesh
opt_state = tx.init(params)
opt_shardings = jax.tree.map(
    lambda x: x.sharding if x.ndim else NamedSharding(mesh, P()), opt_state)
opt_state = jax.device_put(opt_state, opt_shardings)


def loss_fn(p, tokens):
  h = p["embed"][tokens]
  h = h + jax.nn.relu(h @ p["mlp"]["wi"]) @ p["mlp"]["wo"]
  logits = h @ p["head"]
  return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], tokens[:, 1:]).mean()


def train_step(p, o, tokens):
  loss, grads = jax.value_and_grad(loss_fn)(p, tokens)
  updates, o = tx.update(grads, o, p)
  return optax.apply_updates(p, updates), o, loss


batch_sharding = NamedSharding(mesh, P("data"))
train_step = jax.jit(
    train_step,
    in_shardings=(param_shardings, opt_shardings, batch_sharding),
    out_shardings=(param_shardings, opt_shardings, NamedSharding(mesh, P())),
    donate_argnums=(0, 1),
)
tokens = jax.ShapeDtypeStruct((16, 32), jnp.int32, sharding=batch_sharding)
train_step.trace(params, opt_state, tokens).lower(lowering_platforms=("tpu",))
