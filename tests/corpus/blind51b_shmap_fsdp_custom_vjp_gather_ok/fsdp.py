import jax
import jax.numpy as jnp

AXIS = "devices"


@jax.custom_vjp
def gather(x):
    return jax.lax.all_gather(x, AXIS, tiled=True)


def gather_fwd(x):
    return gather(x), None


def gather_bwd(_, g):
    return (jax.lax.psum_scatter(g, AXIS, tiled=True),)


gather.defvjp(gather_fwd, gather_bwd)


def predict_fsdp(params, inputs):
    for W_frag, b_frag in params:
        W = gather(W_frag)
        b = gather(b_frag)
        outputs = jnp.dot(inputs, W) + b
        inputs = jax.nn.relu(outputs)
    return outputs


def loss_fsdp_local(params, batch):
    inputs, targets = batch
    predictions = predict_fsdp(params, inputs)
    return jax.lax.pmean(jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1)), AXIS)
