import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from fsdp import Model

AXIS = "fsdp"
mesh = Mesh(np.array(jax.devices()), (AXIS,))
fsdp = NamedSharding(mesh, P(AXIS))
replicated = NamedSharding(mesh, P())

x = jnp.ones((32, 128))
tx = optax.adam(1e-3)
params = jax.eval_shape(Model().init, jax.random.key(0), x)["params"]
opt_state = jax.eval_shape(tx.init, params)

model = Model(fsdp_axis=AXIS)


def train_step(params, opt_state, x):
    def loss_fn(p):
        return jnp.mean(model.apply({"params": p}, x) ** 2)

    loss, g = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(g, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


param_sh = jax.tree.map(lambda _: fsdp, params)
opt_sh = jax.tree.map(lambda a: fsdp if a.ndim else replicated, opt_state)
train_step = jax.jit(train_step, in_shardings=(param_sh, opt_sh, fsdp),
                     out_shardings=(param_sh, opt_sh, replicated))
train_step.trace(params, opt_state, x).lower(lowering_platforms=("tpu",))
