import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from parallel.mappings import copy_to_tp_region, reduce_from_tp_region

TP = "model"
mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("data", TP))


def parallel_mlp(params, x):
    x = x * params["ln_scale"]
    x = copy_to_tp_region(x, TP)
    h = jax.nn.relu(x @ params["w_in"])
    return reduce_from_tp_region(h @ params["w_out"], TP)


param_specs = {"ln_scale": P(), "w_in": P(None, TP), "w_out": P(TP, None)}


def loss_fn(params, x):
    y = jax.shard_map(
        parallel_mlp,
        mesh=mesh,
        in_specs=(param_specs, P("data")),
        out_specs=P("data"),
        check_vma=False,  # custom_vjp collectives manage replication by hand
    )(params, x)
    return jnp.sum(y * y)


@jax.jit
def train_step(params, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
    return params, loss


params = {"ln_scale": jnp.ones((16,)), "w_in": jnp.ones((16, 64)), "w_out": jnp.ones((64, 16))}
x = jnp.ones((8, 16))
print(train_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
