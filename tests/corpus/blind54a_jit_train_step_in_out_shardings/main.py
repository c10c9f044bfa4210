import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ("data", "model"))

optimizer = optax.adamw(3e-4)


def loss_fn(params, batch):
    x, y = batch
    h = jax.nn.relu(x @ params["w1"])
    logits = h @ params["w2"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def train_step(params, opt_state, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def shardings_for(tree, spec_fn):
    return jax.tree.map(lambda a: NamedSharding(mesh, spec_fn(a)), tree)


def param_spec(a):
    if a.ndim == 2 and a.shape[1] % 2 == 0 and a.shape[1] >= 128:
        return P(None, "model")
    if a.ndim == 2:
        return P("model", None)
    return P()


if __name__ == "__main__":
    params = {"w1": jnp.zeros((784, 512)), "w2": jnp.zeros((512, 10))}
    opt_state = optimizer.init(params)
    p_sh = shardings_for(params, param_spec)
    o_sh = shardings_for(opt_state, param_spec)
    b_sh = (NamedSharding(mesh, P("data", None)), NamedSharding(mesh, P("data")))
    step = jax.jit(train_step, in_shardings=(p_sh, o_sh, b_sh),
                   out_shardings=(p_sh, o_sh, NamedSharding(mesh, P())),
                   donate_argnums=(0, 1))
    batch = (jax.ShapeDtypeStruct((128, 784), jnp.float32), jax.ShapeDtypeStruct((128,), jnp.int32))
    step.trace(params, opt_state, batch).lower(lowering_platforms=("tpu",))
