import jax.numpy as jnp

import parallel.comm as comm


def accuracy(logits, labels):
    correct = jnp.sum(jnp.argmax(logits, axis=-1) == labels)
    total = jnp.asarray(labels.shape[0])
    return comm.all_reduce(correct) / comm.all_reduce(total)
