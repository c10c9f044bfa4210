import jax
import jax.numpy as jnp
from functools import partial

from layers import batch_norm


def per_example(params, x):
    h = x @ params["w"]
    h = batch_norm(h, params["scale"], params["bias"])
    return jax.nn.relu(h).sum()


@jax.jit
def batched_loss(params, xs):
    losses = jax.vmap(per_example, in_axes=(None, 0), axis_name="examples")(params, xs)
    return losses.mean()


if __name__ == "__main__":
    params = {"w": jnp.ones((32, 64)), "scale": jnp.ones((64,)), "bias": jnp.zeros((64,))}
    xs = jax.ShapeDtypeStruct((16, 32), jnp.float32)
    batched_loss.trace(params, xs).lower(lowering_platforms=("tpu",))
