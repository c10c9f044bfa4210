from functools import partial

import jax


@partial(jax.pmap, axis_name="devices")
def sync(g):
    return jax.lax.pmean(g, axis_name='devices')  # averaged over every device


if __name__ == "__main__":
    sync(jax.numpy.ones((4, 8)))
