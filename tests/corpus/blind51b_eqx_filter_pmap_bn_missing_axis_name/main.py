import equinox as eqx
import jax
import jax.numpy as jnp

from model import Net

net, state = eqx.nn.make_with_state(Net)(jax.random.PRNGKey(0))


def per_device(x, state):
    out, new_state = jax.vmap(net, axis_name="batch", in_axes=(0, None), out_axes=(0, None))(x, state)
    return jnp.mean(out ** 2), new_state


pmapped = eqx.filter_pmap(per_device, in_axes=(0, None), out_axes=(0, None))


@jax.jit
def loss_fn(x):
    losses, _ = pmapped(x, state)
    return losses.mean()


n = jax.device_count()
x = jnp.ones((n, 8, 3))
print(loss_fn.trace(x).lower(lowering_platforms=("cuda",)).as_text()[:40])
