import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from net import DeepResMLP

FSDP = "fsdp"
mesh = Mesh(np.array(jax.devices()), (FSDP,))
n = mesh.shape[FSDP]


def fsdp_spec(leaf):
    """Shard the largest dimension that divides evenly over the fsdp axis."""
    dims = sorted(range(leaf.ndim), key=lambda d: -leaf.shape[d])
    for d in dims:
        if leaf.shape[d] % n == 0 and leaf.shape[d] >= 4 * n:
            spec = [None] * leaf.ndim
            spec[d] = FSDP
            return NamedSharding(mesh, P(*spec))
    return NamedSharding(mesh, P())


model = DeepResMLP()
tx = optax.adamw(1e-3)
x = jnp.ones((64, 32))
y = jnp.zeros((64,), jnp.int32)

params = jax.eval_shape(model.init, jax.random.key(0), x)["params"]
opt_state = jax.eval_shape(tx.init, params)
param_sh = jax.tree.map(fsdp_spec, params)
opt_sh = jax.tree.map(fsdp_spec, opt_state)
batch_sh = NamedSharding(mesh, P(FSDP))


def train_step(params, opt_state, x, y):
    def loss_fn(p):
        logits = model.apply({"params": p}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


step = jax.jit(train_step,
               in_shardings=(param_sh, opt_sh, batch_sh, batch_sh),
               out_shardings=(param_sh, opt_sh, NamedSharding(mesh, P())))
step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
