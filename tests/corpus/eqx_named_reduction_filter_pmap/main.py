"""Equinox's test_named_reduction: jax.lax.psum over "device" inside eqx.filter_pmap(axis_name=
"device"), lowered with the pmapped function's .lower."""
import equinox as eqx
import jax
import jax.numpy as jnp


def f(x):
    y = x + 1
    return jax.lax.psum(y, axis_name="device")


eqx.filter_pmap(f, axis_name="device").lower(jnp.zeros(jax.local_device_count()))
