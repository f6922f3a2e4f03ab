// hap-controller loads Bluetooth inside try/catch and goes on without it: throwing here is "no Bluetooth".
throw new Error('Bluetooth is not part of HomeCam: @stoprocent/noble is replaced by @homecam/no-bluetooth');
